import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY, preferredLanguage } from './preferred-language';

const page = (attrs: Record<string, string>) => {
  const root = document.createElement('div');
  root.id = 'root';
  for (const [k, v] of Object.entries(attrs)) root.dataset[k] = v;
  document.body.appendChild(root);
};

describe('preferredLanguage', () => {
  afterEach(() => {
    document.getElementById('root')?.remove();
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('follows the language the server chose for a prerendered page when nothing is stored', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    page({ prerendered: '/signin', lang: 'ar' });
    expect(preferredLanguage()).toBe('ar');
  });

  it('keeps a choice made in this browser over the served page', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    page({ prerendered: '/signin', lang: 'ar' });
    expect(preferredLanguage()).toBe('en');
  });

  it('reads the browser languages when the page was not prerendered', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ar-EG', 'en']);
    page({});
    expect(preferredLanguage()).toBe('ar');
  });
});
