"""Text of the saved-game screens and messages, French and English.

These keys belong in ``i18n/data/carcassonne.{fr,en}.json`` under ``saves``;
until they are merged there, :func:`text` falls back to this table so the
screens and error messages are never shown as raw keys. Placeholders use
python-i18n's ``%{name}`` syntax, as in the i18n files.
"""

from __future__ import annotations

import re
from typing import Any

FALLBACK: dict[str, dict[str, str]] = {
    "en": {
        "saves.load_title": "Load a game",
        "saves.save_title": "Save the game",
        "saves.section.saves": "Your saves",
        "saves.section.autosaves": "Autosaves",
        "saves.section.examples": "Examples",
        "saves.load": "Load",
        "saves.save": "Save",
        "saves.delete": "Delete",
        "saves.delete_title": "Delete this save?",
        "saves.delete_confirm": "Delete “%{name}” for good?",
        "saves.overwrite_title": "Replace this save?",
        "saves.overwrite_confirm": "A save named “%{name}” already exists. Replace it?",
        "saves.name_label": "Name of the save",
        "saves.default_name": "Game of %{date}",
        "saves.autosave_name": "%{turn} · %{players}",
        "saves.turn": "Turn %{turn}",
        "saves.finished": "Finished",
        "saves.in_progress": "In progress",
        "saves.tiles_left": "%{count} tiles left",
        "saves.computer": "computer",
        "saves.empty": "No saved games yet.",
        "saves.unreadable": "Unreadable: %{reason}",
        "saves.example_read_only": "Example games cannot be deleted.",
        "saves.set_aside": "Autosaves this version cannot read were set aside, not deleted "
                           "(%{count}): %{folder}",
        "saves.saved": "Saved as “%{name}”.",
        "saves.hint": "↑/↓: choose · Enter: load · Delete: remove · Esc: back",
        "saves.hint_save": "Type a name · Enter: save · Esc: back",
        "saves.error.generic": "This save cannot be used.",
        "saves.error.missing": "The file does not exist any more.",
        "saves.error.io": "The file cannot be read (%{detail}).",
        "saves.error.empty": "The file is empty.",
        "saves.error.truncated": "The file is cut short: it stops in the middle of the game.",
        "saves.error.not_json": "The file is damaged (it is not a saved game in JSON).",
        "saves.error.not_a_save": "This file is not a Carcassonne saved game.",
        "saves.error.format": "The file is damaged: %{detail}.",
        "saves.error.newer": "This game was saved by a newer version of Carcassonne "
                             "(%{program}). Update the game to open it.",
        "saves.error.record": "The game in this file cannot be replayed: %{detail}.",
        "saves.error.read_only": "Example games are read-only.",
        "saves.error.write": "The game could not be saved (%{detail}). "
                             "The previous save is still there.",
        "saves.error.bad_text": "The file is damaged: a text in it (%{where}) holds a character "
                                "that is not text.",
        "saves.error.bad_name": "The file is damaged: a name in it is empty, far too long or "
                                "holds a control character.",
        "saves.error.colour": "Player %{n} has a colour the game does not know (%{colour}).",
        "saves.error.level": "Player %{n} is a kind of player this version does not know "
                             "(%{level}).",
        "saves.error.date": "The file is damaged: its date is impossible (%{date}).",
        "saves.error.number": "The file is damaged: it holds a number thousands of digits long.",
        "saves.error.no_actions": "The file is damaged: the moves of the game are missing.",
        "saves.error.nested": "The file is damaged: its contents are nested far too deeply.",
        "saves.error.same_colour": "Players %{n} and %{m} have the same colour.",
        "saves.error.same_name": "Players %{n} and %{m} have the same name.",
        "saves.warning.backup": "The save was damaged (%{reason}); the previous save, "
                                "from %{date}, was loaded instead.",
        "saves.warning.migrated": "This save is in an older format; it will be updated "
                                  "the next time the game is saved.",
    },
    "fr": {
        "saves.load_title": "Charger une partie",
        "saves.save_title": "Enregistrer la partie",
        "saves.section.saves": "Vos sauvegardes",
        "saves.section.autosaves": "Sauvegardes automatiques",
        "saves.section.examples": "Exemples",
        "saves.load": "Charger",
        "saves.save": "Enregistrer",
        "saves.delete": "Supprimer",
        "saves.delete_title": "Supprimer cette sauvegarde\u00a0?",
        "saves.delete_confirm": "Supprimer définitivement «\u00a0%{name}\u00a0»\u00a0?",
        "saves.overwrite_title": "Remplacer cette sauvegarde\u00a0?",
        "saves.overwrite_confirm": "Une sauvegarde nommée «\u00a0%{name}\u00a0» existe déjà. "
                                   "La remplacer\u00a0?",
        "saves.name_label": "Nom de la sauvegarde",
        "saves.default_name": "Partie du %{date}",
        "saves.autosave_name": "%{turn} · %{players}",
        "saves.turn": "Tour %{turn}",
        "saves.finished": "Terminée",
        "saves.in_progress": "En cours",
        "saves.tiles_left": "%{count} tuiles restantes",
        "saves.computer": "ordinateur",
        "saves.empty": "Aucune partie enregistrée pour l’instant.",
        "saves.unreadable": "Illisible\u00a0: %{reason}",
        "saves.example_read_only": "Les parties d’exemple ne peuvent pas être supprimées.",
        "saves.set_aside": "Sauvegardes automatiques illisibles par cette version, mises de "
                           "côté sans être supprimées (%{count})\u00a0: %{folder}",
        "saves.saved": "Partie enregistrée sous «\u00a0%{name}\u00a0».",
        "saves.hint": "↑/↓\u00a0: choisir · Entrée\u00a0: charger · Suppr\u00a0: effacer · Échap\u00a0: retour",
        "saves.hint_save": "Tapez un nom · Entrée\u00a0: enregistrer · Échap\u00a0: retour",
        "saves.error.generic": "Cette sauvegarde est inutilisable.",
        "saves.error.missing": "Le fichier n’existe plus.",
        "saves.error.io": "Le fichier ne peut pas être lu (%{detail}).",
        "saves.error.empty": "Le fichier est vide.",
        "saves.error.truncated": "Le fichier est tronqué\u00a0: il s’arrête au milieu de la partie.",
        "saves.error.not_json": "Le fichier est abîmé (ce n’est pas une partie au format JSON).",
        "saves.error.not_a_save": "Ce fichier n’est pas une partie de Carcassonne.",
        "saves.error.format": "Le fichier est abîmé\u00a0: %{detail}.",
        "saves.error.newer": "Cette partie a été enregistrée par une version plus récente "
                             "de Carcassonne (%{program}). Mettez le jeu à jour pour l’ouvrir.",
        "saves.error.record": "La partie de ce fichier ne peut pas être rejouée\u00a0: %{detail}.",
        "saves.error.read_only": "Les parties d’exemple sont en lecture seule.",
        "saves.error.write": "La partie n’a pas pu être enregistrée (%{detail}). "
                             "La sauvegarde précédente est intacte.",
        "saves.error.bad_text": "Le fichier est abîmé\u00a0: un texte (%{where}) contient un caractère "
                                "qui n’est pas du texte.",
        "saves.error.bad_name": "Le fichier est abîmé\u00a0: un nom y est vide, beaucoup trop long ou "
                                "contient un caractère de contrôle.",
        "saves.error.colour": "Le joueur %{n} a une couleur que le jeu ne connaît pas (%{colour}).",
        "saves.error.level": "Le joueur %{n} est un type de joueur que cette version ne connaît "
                             "pas (%{level}).",
        "saves.error.date": "Le fichier est abîmé\u00a0: sa date est impossible (%{date}).",
        "saves.error.number": "Le fichier est abîmé\u00a0: il contient un nombre de milliers de "
                              "chiffres.",
        "saves.error.no_actions": "Le fichier est abîmé\u00a0: les coups de la partie ont disparu.",
        "saves.error.nested": "Le fichier est abîmé\u00a0: son contenu est imbriqué beaucoup trop "
                              "profondément.",
        "saves.error.same_colour": "Les joueurs %{n} et %{m} ont la même couleur.",
        "saves.error.same_name": "Les joueurs %{n} et %{m} ont le même nom.",
        "saves.warning.backup": "La sauvegarde était abîmée (%{reason})\u00a0; la sauvegarde "
                                "précédente, du %{date}, a été chargée à la place.",
        "saves.warning.migrated": "Cette sauvegarde est dans un ancien format\u00a0; elle sera "
                                  "mise à jour au prochain enregistrement.",
    },
}

_PLACEHOLDER = re.compile(r"%\{(\w+)\}")


def _fill(template: str, params: dict[str, Any]) -> str:
    return _PLACEHOLDER.sub(lambda m: str(params.get(m.group(1), m.group(0))), template)


def language() -> str:
    """The interface language, or English when the i18n layer is unavailable."""
    try:
        from carcassonne_desktop.i18n import current_language

        return current_language()
    except Exception:  # i18n not importable (headless tools): English
        return "en"


def text(key: str, **params: Any) -> str:
    """``tr(key)`` when the i18n files know the key, else this module's table."""
    try:
        from carcassonne_desktop.i18n import key as full_key
        from carcassonne_desktop.i18n import tr

        translated = tr(key, **params)
        if translated not in (key, full_key(key)):
            return translated
    except Exception:  # the i18n layer is optional for the persistence layer
        pass
    table = FALLBACK.get(language(), FALLBACK["en"])
    return _fill(table.get(key, FALLBACK["en"].get(key, key)), params)
