"""What the Save and Load screens show and do, without pygame.

The screens in ``ui/save_load_scene.py`` only draw this model and forward
clicks and keys to it, so selection, sections, delete confirmation and
overwrite confirmation are tested without a display.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from carcassonne_desktop.engine import Game
from carcassonne_desktop.persistence.document import PlayerSummary
from carcassonne_desktop.persistence.errors import SaveError
from carcassonne_desktop.persistence.saves import LoadedGame, SaveInfo
from carcassonne_desktop.persistence.store import SaveStore
from carcassonne_desktop.persistence.strings import language, text

SECTIONS = ("saves", "autosaves", "examples")
_SECTION_OF_KIND = {"manual": "saves", "autosave": "autosaves", "example": "examples"}


def format_date(moment: datetime | None, lang: str) -> str:
    """Local date and time the way each language writes it.

    A date the local time zone cannot convert (the loader refuses those, but a
    caller may pass any datetime) is shown in UTC rather than crash the screen.
    """
    if moment is None:
        return ""
    try:
        local = moment.astimezone()
    except (OverflowError, ValueError, OSError):
        local = moment
    return local.strftime("%d/%m/%Y %H:%M" if lang == "fr" else "%Y-%m-%d %H:%M")


@dataclass(frozen=True, slots=True)
class SlotView:
    """One line of the list, with everything already worded for display."""

    info: SaveInfo
    section: str
    title: str
    date: str
    players: str
    status: str
    thumbnail: bytes | None
    error: str | None

    @property
    def player_lines(self) -> list[str]:
        """One line per player, for the detail box."""
        return [player_line(p) for p in self.info.players] if self.info.meta is not None else []

    @property
    def can_load(self) -> bool:
        return self.info.ok

    @property
    def can_delete(self) -> bool:
        return not self.info.read_only


def player_line(player: PlayerSummary) -> str:
    """"Ada 12 (ordinateur)": a no-break space keeps the computer's mark
    with its name and score (a wrapped line left "(ordinateur)" alone, or cut)."""
    mark = f"\u00a0({text('saves.computer')})" if player.is_computer else ""
    return f"{player.name} {player.score}{mark}"


def slot_view(info: SaveInfo, lang: str) -> SlotView:
    section = _SECTION_OF_KIND.get(info.kind, "saves")
    if info.meta is None:
        reason = info.error.user_message() if info.error is not None else ""
        return SlotView(info, section, info.path.stem, "", "", text("saves.unreadable",
                        reason=reason), None, reason)
    title = info.title(lang)
    if info.kind == "autosave":
        # Under the "Autosaves" heading: how far the game got, then who plays
        # (several autosaves of the same players differ by their turn).
        title = text("saves.autosave_name", turn=text("saves.turn", turn=info.turn + 1),
                     players=", ".join(p.name for p in info.players))
    players = " · ".join(player_line(p) for p in info.players)
    state = text("saves.finished") if info.finished else text("saves.in_progress")
    status = f"{text('saves.turn', turn=info.turn + 1)} · {state}"
    return SlotView(info, section, title, format_date(info.saved_at, lang), players, status,
                    info.thumbnail, None)


class SaveBrowser:
    """The list of slots with a selection and pending confirmations.

    ``mode`` is "load" (saves, autosaves and examples; load or delete) or
    "save" (the player's named saves; type a name, overwrite with confirmation).
    """

    def __init__(self, store: SaveStore, mode: str = "load", lang: str | None = None) -> None:
        if mode not in ("load", "save"):
            raise ValueError(f"mode must be 'load' or 'save', not {mode!r}")
        self.store = store
        self.mode = mode
        self.lang = lang or language()
        self.slots: list[SlotView] = []
        self.selected: int | None = None
        self.pending_delete: SlotView | None = None
        self.pending_overwrite: str | None = None
        self.message: str | None = None
        #: A standing line about the folder, not the selection (autosaves set aside).
        self.notice: str | None = None
        self.name = ""
        self.refresh()

    # ------------------------------------------------------------- listing
    def refresh(self) -> None:
        previous = self.current.info.path if self.current is not None else None
        infos = self.store.list_saves(include_autosaves=self.mode == "load")
        if self.mode == "load":
            infos += self.store.list_examples()
        views = [slot_view(info, self.lang) for info in infos]
        self.slots = sorted(views, key=lambda v: SECTIONS.index(v.section))
        self.selected = None
        for index, view in enumerate(self.slots):
            if view.info.path == previous:
                self.selected = index
        if self.selected is None and self.slots and self.mode == "load":
            self.selected = 0
        self.notice = self._set_aside_notice()

    def _set_aside_notice(self) -> str | None:
        """Say that unreadable autosaves were moved, and where (load mode)."""
        if self.mode != "load":
            return None
        aside = self.store.set_aside()
        if not aside:
            return None
        return text("saves.set_aside", count=len(aside), folder=str(self.store.set_aside_dir))

    def section_slots(self, section: str) -> list[SlotView]:
        return [v for v in self.slots if v.section == section]

    @property
    def current(self) -> SlotView | None:
        if self.selected is None or not 0 <= self.selected < len(self.slots):
            return None
        return self.slots[self.selected]

    def select(self, index: int | None) -> None:
        """Select a line (a click); in save mode the name field takes its name."""
        if index is None or not self.slots:
            self.selected = None
            return
        self.selected = max(0, min(index, len(self.slots) - 1))
        view = self.slots[self.selected]
        if self.mode == "save" and view.info.meta is not None:
            self.name = view.info.name

    def move(self, delta: int) -> None:
        """Up/Down keys: move the selection, staying inside the list."""
        if not self.slots:
            return
        start = self.selected if self.selected is not None else (-1 if delta > 0 else 0)
        self.select(start + delta)

    # ------------------------------------------------------------- loading
    def load_selected(self) -> LoadedGame | None:
        """Load the selection; on a refusal ``message`` explains and None is returned."""
        view = self.current
        if view is None:
            return None
        try:
            loaded = self.store.load(view.info)
        except SaveError as exc:
            self.message = exc.user_message()
            return None
        self.message = " ".join(w.user_message() for w in loaded.warnings) or None
        return loaded

    # ------------------------------------------------------------- deleting
    def request_delete(self) -> bool:
        """Ask for confirmation before deleting the selection (False if not allowed)."""
        view = self.current
        if view is None:
            return False
        if not view.can_delete:
            self.message = text("saves.example_read_only")
            return False
        self.pending_delete = view
        return True

    def delete_prompt(self) -> str:
        view = self.pending_delete
        return text("saves.delete_confirm", name=view.title) if view is not None else ""

    def confirm_delete(self) -> None:
        view, self.pending_delete = self.pending_delete, None
        if view is None:
            return
        try:
            self.store.delete(view.info)
        except SaveError as exc:
            self.message = exc.user_message()
        index = self.selected
        self.refresh()
        if self.slots and index is not None:
            self.select(min(index, len(self.slots) - 1))

    def cancel(self) -> None:
        self.pending_delete = None
        self.pending_overwrite = None

    # ------------------------------------------------------------- saving
    def default_name(self, now: datetime | None = None) -> str:
        return text("saves.default_name", date=format_date(now or datetime.now().astimezone(),
                                                           self.lang))

    def request_save(self, game: Game, thumbnail: bytes | None = None) -> SaveInfo | None:
        """Save under ``name``; if that name exists, ask first (see ``confirm_overwrite``)."""
        name = self.name.strip() or self.default_name()
        if self.store.slot_for_name(name) is not None:
            self.pending_overwrite = name
            return None
        return self._save(game, name, thumbnail)

    def overwrite_prompt(self) -> str:
        name = self.pending_overwrite
        return text("saves.overwrite_confirm", name=name) if name is not None else ""

    def confirm_overwrite(self, game: Game, thumbnail: bytes | None = None) -> SaveInfo | None:
        name, self.pending_overwrite = self.pending_overwrite, None
        return self._save(game, name, thumbnail) if name is not None else None

    def _save(self, game: Game, name: str, thumbnail: bytes | None) -> SaveInfo | None:
        try:
            info = self.store.save(game, name, thumbnail)
        except SaveError as exc:
            self.message = exc.user_message()
            return None
        self.message = text("saves.saved", name=name)
        self.refresh()
        return info
