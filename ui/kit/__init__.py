"""The drawing kit: widgets, the theme, fonts, text that fits, charts. It knows no scene and no table."""
