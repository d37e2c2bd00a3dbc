"""Sizes and timings of the game screen, shared by its scene, drawing and input."""

PAD = 16
BTN_H = 46
FINAL_STEP_SECONDS = {"slow": 1.6, "normal": 1.1, "fast": 0.6, "instant": 0.05}


#: Frame rate while a computer player thinks and nothing else moves.
THINKING_FPS = 20

#: Seconds the mouse must rest on a feature before it is explained.
TOOLTIP_DWELL = 0.45

#: Pixels at the top of the board covered by the instruction pill.
STATUS_CLEARANCE = 136
