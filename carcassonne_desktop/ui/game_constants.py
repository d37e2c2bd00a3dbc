"""Sizes and timings of the game screen, shared by its scene, drawing and input."""

PAD = 16
BTN_H = 46
#: The lowest an answer button gets when many rows of them share the card's room.
MIN_CHOICE_H = 32
FINAL_STEP_SECONDS = {"slow": 1.6, "normal": 1.1, "fast": 0.6, "instant": 0.05}


#: Frame rate while a computer player thinks and nothing else moves.
THINKING_FPS = 20

#: Seconds the mouse must rest on a feature before it is explained.
TOOLTIP_DWELL = 0.45

#: The toolbar over the board: its first row's top, and the height of a row.
TOOLBAR_TOP = 12
TOOLBAR_ROW = 50

#: Room for the instruction pill under the toolbar (a gap, two lines of advice and the line about Enter).
STATUS_GAP = 10
STATUS_ROOM = 104
#: Pixels kept between a taller pill (a wrapped hint) and the free board below it.
PILL_CLEARANCE = 12

#: Pixels at the bottom of the board taken by the "Recentre" row.
BOTTOM_BAR = 60

#: Pixels a line of the tooltip over a player's row may take before it wraps.
PLAYER_WORDS_WIDTH = 360

#: Pixels per tile below which the squares for the tile are not all fitted in
#: view at the start of a turn (tiles and followers would be too small to play).
PLACE_FIT_MIN_ZOOM = 48
