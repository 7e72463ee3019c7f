import { createContext, use, useEffect, useRef, useSyncExternalStore } from 'react';

/** Plays the short signal of a spin or a call's end; never throws. */
export interface SoundPlayer {
  beep: () => void;
}

type AudioContextClass = typeof AudioContext;

const BEEP_HZ = 880;
const BEEP_SECONDS = 0.25;

/**
 * A beep drawn by the Web Audio API, so no sound file is fetched. The audio context is made at
 * the first beep, not at load: browsers refuse to start one before the person has clicked, and
 * jsdom and some old browsers have none. Without one, or when the browser refuses, it is silent.
 */
export function createWebAudioPlayer(
  audioContextClass: () => AudioContextClass | undefined = () => globalThis.AudioContext,
): SoundPlayer {
  let context: AudioContext | null = null;
  return {
    beep() {
      try {
        const Context = audioContextClass();
        if (!Context) return;
        context ??= new Context();
        // Made before any click, it starts suspended; a later beep resumes it once allowed.
        if (context.state === 'suspended') void context.resume().catch(() => {});
        const start = context.currentTime;
        const tone = context.createOscillator();
        const volume = context.createGain();
        tone.frequency.value = BEEP_HZ;
        volume.gain.setValueAtTime(0.2, start);
        volume.gain.exponentialRampToValueAtTime(0.001, start + BEEP_SECONDS);
        tone.connect(volume).connect(context.destination);
        tone.start(start);
        tone.stop(start + BEEP_SECONDS);
      } catch {
        // A signal that cannot sound is not worth an error: the notice on screen says it too.
      }
    },
  };
}

/** The player the app's screens use; tests give a fake one. */
export const SoundPlayerContext = createContext<SoundPlayer>(createWebAudioPlayer());

/** localStorage key of the person's choice to mute the signals. */
export const SOUNDS_STORAGE_KEY = 'wheelmeet_sounds';

const listeners = new Set<() => void>();
/** The choice when storage refuses it (a privacy mode): kept until the page closes. */
let unsavedChoice: boolean | null = null;

function readSoundsOn(): boolean {
  try {
    const stored = globalThis.localStorage?.getItem(SOUNDS_STORAGE_KEY);
    if (stored) return stored !== 'off';
  } catch {
    // Read as unsaved below.
  }
  return unsavedChoice ?? true;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's choice counts here too.
  globalThis.addEventListener?.('storage', listener);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', listener);
  };
}

function saveSoundsOn(on: boolean) {
  try {
    globalThis.localStorage?.setItem(SOUNDS_STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    unsavedChoice = on;
  }
  for (const listener of [...listeners]) listener();
}

/** Whether the signals sound, remembered in this browser, and the switch for it. */
export function useSoundsOn(): [on: boolean, setOn: (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, readSoundsOn, () => true);
  return [on, saveSoundsOn];
}

/** Beeps each time `signal` turns true, unless the person muted the sounds. */
export function useBeepWhen(signal: boolean) {
  const player = use(SoundPlayerContext);
  const [on] = useSoundsOn();
  const onRef = useRef(on);
  onRef.current = on;
  useEffect(() => {
    if (signal && onRef.current) player.beep();
  }, [signal, player]);
}
