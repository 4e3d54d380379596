/** The Chromium to test in: `CHROME_PATH` when set, else the first system browser found, else undefined. */
export function chromiumPath(): string | undefined;
