import { bootstrapApplication } from '@angular/platform-browser';
import { provideBrowserGlobalErrorListeners, provideZonelessChangeDetection } from '@angular/core';
import { App } from './app/app';

// Zoneless: Angular's template listeners schedule change detection themselves, so mantis-ui's events need no zone,
// and the chat's streaming (sockets, timers, animation frames) never makes Angular check the page.
bootstrapApplication(App, { providers: [provideBrowserGlobalErrorListeners(), provideZonelessChangeDetection()] }).catch((error: unknown) =>
  console.error(error),
);
