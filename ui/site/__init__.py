"""The build's side of ui/: what tools/build.py writes into the static pages (cards, set-up forms, the manifest, the rules pages, the bridge's words, the HTML templates). The page never loads it."""
