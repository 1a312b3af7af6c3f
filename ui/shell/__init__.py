"""The window's shell: the pygame loop with trio in guest mode, the display, the scene router and
navigation intents, settings, sound, the icon, the clipboard and the window's log."""
