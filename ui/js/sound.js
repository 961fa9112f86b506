// Short sounds for what happens at the table, made here with the Web Audio
// API (no sound file, nothing fetched from anywhere). Off by default; the
// player's choice is remembered across visits (store.js).
//
// Python names the sounds of each answer (``screen.sounds``: "dice",
// "cannon", "splash", "capsize", "win"); this module only knows how each one
// sounds.

import * as store from "./store.js";

const KEY = "boardgames:sound";
let audio = null;

export function enabled() {
  return store.get(KEY) === "on";
}

/** Turn sound on or off (a click: browsers let a page start audio only after one). */
export function setEnabled(on) {
  store.set(KEY, on ? "on" : "off");
  if (on) context();
}

function context() {
  if (!audio) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    audio = new Context();
  }
  if (audio.state === "suspended") audio.resume();
  return audio;
}

/** White noise, ``seconds`` long. */
function noise(ctx, seconds) {
  const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * seconds), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  return source;
}

/** A gain that rises at ``at`` and fades out over ``length`` seconds. */
function envelope(ctx, at, peak, length) {
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(peak, at + 0.008);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  gain.connect(ctx.destination);
  return gain;
}

function filtered(ctx, type, frequency) {
  const filter = ctx.createBiquadFilter();
  filter.type = type;
  filter.frequency.value = frequency;
  return filter;
}

const SOUNDS = {
  // Three little knocks of dice on wood.
  dice(ctx, t) {
    for (const [offset, pitch] of [[0, 1900], [0.07, 2400], [0.15, 1600]]) {
      const source = noise(ctx, 0.05);
      const band = filtered(ctx, "bandpass", pitch);
      source.connect(band).connect(envelope(ctx, t + offset, 0.5, 0.05));
      source.start(t + offset);
    }
  },
  // A low boom: a falling tone under a burst of dark noise.
  cannon(ctx, t) {
    const tone = ctx.createOscillator();
    tone.frequency.setValueAtTime(110, t);
    tone.frequency.exponentialRampToValueAtTime(35, t + 0.5);
    tone.connect(envelope(ctx, t, 0.9, 0.6));
    tone.start(t);
    tone.stop(t + 0.65);
    const blast = noise(ctx, 0.6);
    blast.connect(filtered(ctx, "lowpass", 500)).connect(envelope(ctx, t, 0.7, 0.55));
    blast.start(t);
  },
  // Water: noise whose brightness falls away.
  splash(ctx, t) {
    const source = noise(ctx, 0.7);
    const band = filtered(ctx, "bandpass", 1200);
    band.frequency.setValueAtTime(2200, t);
    band.frequency.exponentialRampToValueAtTime(400, t + 0.6);
    source.connect(band).connect(envelope(ctx, t, 0.6, 0.7));
    source.start(t);
  },
  // A ship goes over: a sliding groan, then the splash.
  capsize(ctx, t) {
    const groan = ctx.createOscillator();
    groan.type = "sawtooth";
    groan.frequency.setValueAtTime(220, t);
    groan.frequency.exponentialRampToValueAtTime(70, t + 0.7);
    groan.connect(filtered(ctx, "lowpass", 800)).connect(envelope(ctx, t, 0.25, 0.75));
    groan.start(t);
    groan.stop(t + 0.8);
    SOUNDS.splash(ctx, t + 0.55);
  },
  // A rising major arpeggio.
  win(ctx, t) {
    [523.25, 659.25, 783.99, 1046.5].forEach((frequency, i) => {
      const note = ctx.createOscillator();
      note.type = "triangle";
      note.frequency.value = frequency;
      note.connect(envelope(ctx, t + i * 0.13, 0.35, 0.5));
      note.start(t + i * 0.13);
      note.stop(t + i * 0.13 + 0.55);
    });
  },
};

/** Play the named sounds one after another (nothing when sound is off). */
export function play(names) {
  if (!names || !names.length || !enabled()) return;
  const ctx = context();
  if (!ctx) return;
  let t = ctx.currentTime + 0.02;
  for (const name of names) {
    const sound = SOUNDS[name];
    if (!sound) continue;
    sound(ctx, t);
    t += 0.25;
  }
}

export const NAMES = Object.keys(SOUNDS);
