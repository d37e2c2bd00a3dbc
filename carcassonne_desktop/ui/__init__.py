"""The pygame-ce + pygame-gui interface: scenes, board view, tile art."""
