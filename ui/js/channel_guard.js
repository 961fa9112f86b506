// BroadcastChannel where the browser refuses it: a stand-in within the page.
//
// PyScript's core makes a BroadcastChannel as it is imported (the main
// thread's end of its polyfill for synchronous calls, which answers a
// service worker of PyScript's that the site does not use). Firefox refuses
// a BroadcastChannel to a frame of another site when third-party storage is
// blocked ("All cross-site cookies": the constructor throws SecurityError,
// "The operation is insecure"), so importing PyScript threw and an embedded
// game never started there. Where the constructor throws,
// guardBroadcastChannel() puts in place a channel that carries messages
// between the channels of the same name in this page only: a frame refused
// storage talks to nothing beyond itself, which is what the browser asked for.
//
// The bridge calls it on the page before it imports PyScript.

/** Whether this scope may make a BroadcastChannel. */
function broadcastChannelWorks() {
  if (typeof BroadcastChannel === "undefined") return false;
  try {
    new BroadcastChannel("boardgames-probe").close();
    return true;
  } catch {
    return false; // SecurityError: a third-party frame refused storage
  }
}

/** A BroadcastChannel for this page alone: messages go to the other open channels of its name. */
function pageBroadcastChannel() {
  const open = new Map(); // name -> the open channels of that name
  return class PageBroadcastChannel extends EventTarget {
    constructor(name) {
      super();
      this.name = String(name);
      this.onmessage = null;
      this.onmessageerror = null;
      if (!open.has(this.name)) open.set(this.name, new Set());
      open.get(this.name).add(this);
    }

    postMessage(message) {
      const peers = open.get(this.name);
      if (!peers || !peers.has(this)) throw new DOMException("the channel is closed", "InvalidStateError");
      const data = structuredClone(message);
      for (const peer of peers) {
        if (peer === this) continue;
        // Delivered later, as a real channel does: never inside the sender's call.
        setTimeout(() => {
          if (!open.get(peer.name)?.has(peer)) return;
          const event = new MessageEvent("message", { data });
          peer.dispatchEvent(event);
          peer.onmessage?.(event);
        }, 0);
      }
    }

    close() {
      open.get(this.name)?.delete(this);
    }
  };
}

/** Put the in-page stand-in in place if this scope may not make a BroadcastChannel; true if it did. */
export function guardBroadcastChannel() {
  if (typeof BroadcastChannel === "undefined" || broadcastChannelWorks()) return false;
  Object.defineProperty(globalThis, "BroadcastChannel", { value: pageBroadcastChannel(), configurable: true, writable: true });
  return true;
}
