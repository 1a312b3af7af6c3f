"""Data only: fonts, images, sounds and text catalogues. This file exists so that the folder
installs with the game and is found by importlib.resources from any working directory."""
