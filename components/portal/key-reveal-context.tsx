"use client";
// Holds the one-time key display above the key list. It lives at page level
// because a rotation moves the old key's card out of the list on refresh, and the
// replacement must stay on screen until the person has copied it.
import { createContext, useContext, useState } from "react";
import { KeyReveal, type RevealedKey } from "./key-reveal";

const RevealContext = createContext<(revealed: RevealedKey) => void>(() => undefined);

export function KeyRevealProvider({ children }: { children: React.ReactNode }) {
  const [revealed, setRevealed] = useState<RevealedKey | null>(null);
  return (
    <RevealContext.Provider value={setRevealed}>
      {revealed ? <KeyReveal revealed={revealed} onDone={() => setRevealed(null)} /> : null}
      {children}
    </RevealContext.Provider>
  );
}

export function useRevealKey() {
  return useContext(RevealContext);
}
