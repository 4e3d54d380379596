/*
 * Playable files of the demo media store (media.ts): what an A2UI Video or AudioPlayer plays through the chat's
 * authenticated media service. Both are real files a browser decodes: a one-second 32×32 blue VP8 video (made once with
 * `ffmpeg -f lavfi -i color=c=0x2563eb:s=32x32:d=1:r=4 -c:v libvpx -b:v 10k -an -f webm`, kept here as base64), and a
 * quarter-second 440 Hz tone as 8-bit PCM WAV, written by wav() below.
 */

/** A 627-byte WebM (VP8, 32×32, four frames in one second). */
export const SAMPLE_WEBM = Buffer.from('GkXfo59ChoEBQveBAULygQRC84EIQoKEd2VibUKHgQJChYECGFOAZwEAAAAAAAJDEU2bdLpNu4tTq4QVSalmU6yBoU27i1OrhBZUrmtTrIHYTbuMU6uEElTDZ1OsggEeTbuMU6uEHFO7a1OsggIt7AEAAAAAAABZAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAVSalmsirXsYMPQkBNgI1MYXZmNTkuMjcuMTAwV0GNTGF2ZjU5LjI3LjEwMESJiECPQAAAAAAAFlSua8GuAQAAAAAAADjXgQFzxYhfWsCYVExNKpyBACK1nIN1bmSIgQCGhVZfVlA4g4EBI+ODhA7msoDgibCBILqBIJqBAhJUw2f9c3OgY8CAZ8iaRaOHRU5DT0RFUkSHjUxhdmY1OS4yNy4xMDBzc9djwItjxYhfWsCYVExNKmfIoUWjh0VOQ09ERVJEh5RMYXZjNTkuMzcuMTAwIGxpYnZweGfIokWjiERVUkFUSU9ORIeUMDA6MDA6MDEuMDAwMDAwMDAwAAAfQ7Z1QIfngQCjvYEAAIAQAwCdASogACAAAEcIhYWIhYSIAgICdaoD+AP6AghZDL0A/vnnA//Cy1s0wZ/4WZ/+K1h1nF/4nECjlYEA+gCxAQABEBAAGAAYWC/0AAhwAKOVgQH0ALEBAAEQEAAYABhYL/QACHAAo5WBAu4AsQEAARAQABgAGFgv9AAIcAAcU7trkbuPs4EAt4r3gQHxggGg8IED', 'base64');

/** A mono 8 kHz 8-bit PCM WAV file of a sine tone. */
export function wav(frequency = 440, seconds = 0.25, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const out = Buffer.alloc(44 + samples);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + samples, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16); // the fmt chunk's size
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // one channel
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate, 28); // bytes per second
  out.writeUInt16LE(1, 32); // block align
  out.writeUInt16LE(8, 34); // bits per sample
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++) out[44 + i] = 128 + Math.round(100 * Math.sin((2 * Math.PI * frequency * i) / rate));
  return out;
}
