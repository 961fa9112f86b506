// The thin bridge between the page and the Python engine worker.
//
// It knows no game: it starts the PyScript worker, forwards what the player
// clicks, drags or types (the `data-act`, `data-drag` and `data-keys`
// attributes that Python put in the page) and puts the HTML/SVG that Python
// returns into the elements named by `data-region`. The only state it keeps
// is what Python hands it to store (each game's autosave entry) and the
// player's language, through store.js. Text from outside (a link, a file, a
// stored entry, the address's query) is measured here and handed to Python as
// text: the bridge never parses it. Its few sentences are Python's too
// (`config.words`, written by the build: ui/site/page_words.py).
//
// This file starts it; its parts are modules of their own, each for one concern:
//   shared.js   the config, the words, DOM helpers and the one mutable state (engine, page)
//   engine.js   the engine worker's life: start, messages in order, death, stop
//   regions.js  a message sent and the screen it answers with put in place
//   pages.js    each page of the visit entered and left; a fresh engine after one died
//   events.js   the page's clicks, fields, dropped files and links
//   ops.js      the page's `data-op` operations, one small function each
//   saves.js    the autosave, the stored games handed to Python, the address cleared
//   share.js    share links, a link opened, a record exported or imported
//   setup.js    the set-up form and dialog
//   lang.js     the page's language
//   layout.js   the board's height, where the recap sits
//   prefs.js    the player's screen and system, told to the engine
//   notice.js   progress, failure and the notice line
//   offline.js  the service worker, for offline play
//   rules.js    the rules in a dialog over the game

import { preloadEngine } from "./engine.js";
import { wireClicks, wireFields, wireLinks } from "./events.js";
import { wireInput } from "./input.js";
import { startLang } from "./lang.js";
import { wireBoardFit, wireRecapPlace } from "./layout.js";
import { startNavigation } from "./nav.js";
import { enterPage, leavePage } from "./pages.js";
import { wireScreenPrefs } from "./prefs.js";
import { send, wireFocusChoice } from "./regions.js";
import { base, config, state } from "./shared.js";

startLang();
preloadEngine();
wireRecapPlace();
wireFocusChoice();
wireBoardFit();
wireClicks();
wireInput({ act: (gesture) => send({ op: "act", gesture }), ready: () => !!state.worker && !state.engineDead });
wireScreenPrefs();
wireFields();
wireLinks();

startNavigation({ config, base, leave: leavePage, enter: enterPage });
enterPage();
