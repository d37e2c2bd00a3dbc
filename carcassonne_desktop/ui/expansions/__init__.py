"""Interface plug-ins of the expansions (DESIGN.md section 2c).

Each module in this package registers what its expansion adds to the interface
when it is imported; `discover()` imports them all, so there is no hand-kept
list and the tile art never names an expansion. The registry holds tile
symbols (painters for a feature key such as ``goods`` on a city, or a tile flag
such as ``hill``), tile props (pictures the layout places, such as a building
beside a road or a pool where a river ends, see :func:`register_prop`), figure
styles and player notes. Symbols and props are painted only when a tile surface
is first built (the art is cached), never per frame.

The registries live in modules of their own (``art_registry``,
``board_registry``, ``text_registry``, ``scene_registry``, their common rules
in ``registering``); this package names them all, as before.
"""

from __future__ import annotations

from carcassonne_desktop.ui.expansions.art_registry import (  # noqa: F401
    _FIGURES,
    _PROPS,
    _SPOT_SHAPES,
    _SYMBOLS,
    LAYERS,
    PROP_LAYERS,
    FigureStyle,
    Layer,
    Point,
    PropKind,
    PropLayer,
    PropPainter,
    TileSymbol,
    TileSymbolPainter,
    figure_style,
    props_placed,
    register_figure_style,
    register_prop,
    register_spot_shape,
    register_tile_symbol,
    spot_shapes,
    tile_props,
    tile_symbols,
)
from carcassonne_desktop.ui.expansions.board_registry import (  # noqa: F401
    _AREA_POINTS,
    _BOARD_CHOICES,
    _BOARD_PAINTERS,
    _FEATURE_CHOICES,
    _FEATURE_PICKS,
    _FLASHES,
    _OVERLAYS,
    _SPOT_ANSWERS,
    AreaPoints,
    BoardChoices,
    BoardFlash,
    BoardMotion,
    BoardOverlay,
    BoardPainter,
    FeatureChoice,
    FeaturePick,
    answered_on_features,
    answers_on_spots,
    area_points,
    board_choices,
    board_flashes,
    board_overlays,
    board_painters,
    feature_choice,
    feature_pick,
    register_area_points,
    register_board_choices,
    register_board_flash,
    register_board_overlay,
    register_board_painter,
    register_feature_choice,
    register_feature_pick,
    register_spot_answers,
)
from carcassonne_desktop.ui.expansions.registering import (  # noqa: F401
    discover,
    register_once,
)
from carcassonne_desktop.ui.expansions.scene_registry import (  # noqa: F401
    _DECISION_SCENES,
    _SUGGESTIONS,
    _WATCH_SCENES,
    DecisionSceneFactory,
    Suggestion,
    WatchSceneFactory,
    decision_scene,
    register_decision_scene,
    register_suggestion,
    register_watch_scene,
    suggestion_for,
    watch_scene,
)
from carcassonne_desktop.ui.expansions.text_registry import (  # noqa: F401
    _DECISION_NOTES,
    _EVENT_TEXTS,
    _FEATURE_NOTES,
    _LABELS,
    _NOTE_WORDS,
    _NOTED_TOKENS,
    _NOTES,
    _TOKEN_KINDS,
    ChoiceLabel,
    DecisionNote,
    EventText,
    FeatureNote,
    PlayerNote,
    TokenLeaders,
    _asked,
    decision_notes,
    event_text,
    expansion_choice_label,
    feature_notes,
    has_player_notes,
    noted_tokens,
    player_note_words,
    player_notes,
    register_choice_label,
    register_decision_note,
    register_event_text,
    register_feature_note,
    register_noted_token,
    register_player_note,
    register_token_kinds,
    token_kinds,
)
