"""What the page keeps and passes on: saved games, which game a page reopens, share links."""
