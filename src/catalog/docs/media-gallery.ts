import type * as z from 'zod/mini';
import type { ComponentDescription, ExampleOf } from '../definition.js';
import type { MediaGallerySchema } from '../media-gallery.js';

export const mediaGalleryDescription: ComponentDescription = {
  purpose: "Images or files from the user's authenticated file store.",
  notes: { 'items.key': 'a key you were given; never a URL.', 'items.alt': 'a text alternative, always.' },
};

export const mediaGalleryExample: ExampleOf<z.input<typeof MediaGallerySchema>> = {
  version: 1,
  id: 'media-example',
  root: {
    id: 'charts',
    type: 'media-gallery',
    title: 'Charts',
    items: [
      { id: 'chart-growth', key: 'agent_files/reports/growth.png', alt: 'Line chart: cluster sizes per week', caption: 'Cluster growth' },
      { id: 'chart-share', key: 'agent_files/reports/share.png', alt: 'Bar chart: share of points per source' },
    ],
  },
};
