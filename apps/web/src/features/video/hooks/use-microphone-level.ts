import { useEffect, useState } from 'react';

/** How far the loudest ordinary speech moves the level (root mean square of the waveform, 0…1), scaled to 100. */
const SPEECH_GAIN = 300;

/**
 * The loudness of `stream`'s microphone, 0 to 100, read with a Web Audio analyser once per
 * frame. The analyser only listens: closing it leaves the microphone on (the call may use it).
 */
export function useMicrophoneLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);

  useEffect(() => {
    setLevel(0);
    // Without Web Audio (old browsers) or a microphone, the level stays at 0.
    if (!stream || stream.getAudioTracks().length === 0 || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let frame = 0;
    const measure = () => {
      analyser.getByteTimeDomainData(samples);
      let sumOfSquares = 0;
      for (const sample of samples) sumOfSquares += ((sample - 128) / 128) ** 2;
      const rms = Math.sqrt(sumOfSquares / samples.length);
      // The same level again does not re-render.
      setLevel(Math.min(100, Math.round(rms * SPEECH_GAIN)));
      frame = requestAnimationFrame(measure);
    };
    frame = requestAnimationFrame(measure);
    return () => {
      cancelAnimationFrame(frame);
      source.disconnect();
      void context.close();
    };
  }, [stream]);

  return level;
}
