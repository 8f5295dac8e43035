import { describe, expect, it } from 'vitest';
import { packJsonUrl } from './use-offline-pack';

describe('packJsonUrl', () => {
  const base = 'https://host.example/app/';
  it('resolves a pack URL or folder against the app, and names no URL for chosen files', () => {
    expect(packJsonUrl({ kind: 'url', url: 'packs/big' }, base)).toBe('https://host.example/app/packs/big/pack.json');
    expect(packJsonUrl({ kind: 'url', url: 'https://cdn.example/p/' }, base)).toBe('https://cdn.example/p/pack.json');
    expect(packJsonUrl({ kind: 'url', url: '/p/pack.json' }, base)).toBe('https://host.example/p/pack.json');
    expect(packJsonUrl({ kind: 'files', files: [] }, base)).toBeNull();
  });
});
