"""What the table keeps on disk: the data folder, profiles (a signing key, a name, a colour), saved
games (every signed record) and their offline verification."""
