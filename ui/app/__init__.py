"""The page's game-independent core, run in the engine worker: the session, the live game, the bots' pace, the coach, lessons, the screen."""
