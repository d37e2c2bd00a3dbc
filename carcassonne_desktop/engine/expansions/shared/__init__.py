"""Helpers shared by several expansions (not expansions themselves: nothing
here registers one). The registry imports this package like every module of
`engine/expansions/`, which is harmless."""
