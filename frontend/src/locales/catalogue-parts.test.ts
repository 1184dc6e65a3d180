import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import enPublic from './en.json?part=public';
import enApp from './en.json?part=app';
import arPublic from './ar.json?part=public';
import arApp from './ar.json?part=app';
import { PUBLIC_SECTIONS } from '../../catalogue-parts.ts';
import { AREAS, AREA_TEXTS } from './areas';

// The whole catalogues as files (importing them as modules too would share one module with the parts).
const en = JSON.parse(readFileSync(join(import.meta.dirname, 'en.json'), 'utf8')) as Record<string, unknown>;
const ar = JSON.parse(readFileSync(join(import.meta.dirname, 'ar.json'), 'utf8')) as Record<string, unknown>;

/** The texts (`t('section.…')`) a file reads, by section. */
const sectionsIn = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*['`"]([a-zA-Z]+)\./g)].map((m) => m[1]).filter((s) => s !== undefined);
/** The texts a file reads, by section and by the section's part (`market`, `market.browse`). */
const textsIn = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*['`"]([a-zA-Z]+)\.([a-zA-Z]+)?/g)].flatMap(([, section, key]) =>
    section ? [section, ...(key ? [`${section}.${key}`] : [])] : [],
  );
/** Every text's key in `texts` (`market.browse.title`). */
const keysOf = (texts: object, prefix = ''): string[] =>
  Object.entries(texts).flatMap(([k, v]) =>
    v !== null && typeof v === 'object' ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? filesUnder(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.includes('.test.')
        ? [join(dir, e.name)]
        : [],
  );

describe('a catalogue in parts (catalogue-parts.ts)', () => {
  it('the public part, the app part and the areas of each language make up its whole catalogue, nothing twice', async () => {
    for (const [lang, all, pub, app] of [
      ['en', en, enPublic, enApp],
      ['ar', ar, arPublic, arApp],
    ] as const) {
      const areas = await Promise.all(
        AREAS.map(async (area) => {
          // A name made at run time: Vite's plugins (catalogue-parts.ts) resolve it then.
          const part = `./${lang}.json?part=${area}`;
          return ((await import(/* @vite-ignore */ part)) as { default: Record<string, unknown> }).default;
        }),
      );
      const keys = [pub, app, ...areas].flatMap((part) => keysOf(part));
      expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
      expect(keys.sort()).toEqual(keysOf(all).sort());
      // Each area holds its sections, or its sections' parts, whole.
      AREAS.forEach((area, i) => {
        const under = (path: string) => {
          const texts: unknown = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], all);
          return typeof texts === 'object' && texts !== null ? keysOf(texts).map((k) => `${path}.${k}`) : [path];
        };
        expect(keysOf(areas[i] ?? {}).sort()).toEqual(AREA_TEXTS[area].flatMap(under).sort());
      });
      expect(Object.keys(pub).sort()).toEqual(
        Object.keys(all)
          .filter((k) => PUBLIC_SECTIONS.has(k))
          .sort(),
      );
    }
  });

  it('the public pages (and what they are built from) read only the public part, which is all they load', () => {
    const src = join(import.meta.dirname, '..');
    const publicFiles = [
      ...filesUnder(join(src, 'features/auth')),
      ...filesUnder(join(src, 'features/landing')),
      ...['routes/sign-up.tsx', 'routes/error-screen.tsx', 'routes/not-found.tsx', 'app/root-error-boundary.tsx'].map((f) =>
        join(src, f),
      ),
      ...['auth-card.tsx', 'logo.tsx', 'language-switch.tsx', 'full-screen-spinner.tsx'].map((f) =>
        join(src, 'components/ui', f),
      ),
    ];
    const outside = publicFiles.flatMap((f) =>
      sectionsIn(f)
        .filter((s) => !PUBLIC_SECTIONS.has(s))
        .map((s) => `${f}: ${s}`),
    );
    expect(outside).toEqual([]);
  });

  it("an area's texts are read only by its own screens, which load them (src/app/router.tsx)", () => {
    const src = join(import.meta.dirname, '..');
    // By folder (or file, for an area of a section's parts: a folder holds screens of every role).
    const readers = (area: (typeof AREAS)[number]) =>
      filesUnder(src)
        .filter((f) => textsIn(f).some((path) => (AREA_TEXTS[area] as readonly string[]).includes(path)))
        .map((f) =>
          f
            .slice(src.length + 1)
            .split('/')
            .slice(0, AREA_TEXTS[area].some((path) => path.includes('.')) ? undefined : 2)
            .join('/'),
        )
        .sort();
    expect(AREAS.map((area) => [area, [...new Set(readers(area))]])).toEqual([
      ['adminHome', ['features/admin']],
      ['admin', ['features/admin']],
      ['settings', ['features/settings']],
      ['portfolio', ['features/settings', 'routes/portfolio-page.tsx']],
      ['verify', ['routes/portfolio-page.tsx', 'routes/verify-certificate.tsx']],
      ['unsubscribe', ['routes/unsubscribe.tsx']],
      ['accountDeleted', ['routes/account-deleted.tsx']],
      ['workspace', ['features/marketplace']],
      [
        'projectForm',
        ['features/admin/components/moderation-modal.tsx', 'features/marketplace/components/create-project-page.tsx'],
      ],
      ['inbox', ['features/notifications/components/notifications-page.tsx']],
      [
        'student',
        [
          // Settings (the student's profile, with the CV), the manage-users' details of a student
          'components/ui/cv-upload.tsx',
          'features/admin/components/manage-users/user-details.tsx',
          // the student's home
          'features/dashboard/components/student-next-steps.tsx',
          'features/dashboard/components/student-profile-card.tsx',
          // Browse Projects and a project, My Applications, the student's home's cards
          'features/marketplace/components/apply-form.tsx',
          'features/marketplace/components/browse-page.tsx',
          'features/marketplace/components/my-applications-page.tsx',
          'features/marketplace/components/project-card.tsx',
          'features/marketplace/components/recent-applications-card.tsx',
          'features/marketplace/components/recommended-projects-card.tsx',
          'features/marketplace/components/save-search-form.tsx',
          'features/marketplace/components/save-search.tsx',
          'features/marketplace/components/saved-searches-card.tsx',
          // the assessment, and its card on the student's home
          'features/onboarding/components/assessment-page.tsx',
          'features/onboarding/components/assessment-result-card.tsx',
          'features/onboarding/components/assessment-status-card.tsx',
          'features/settings/components/student-profile-form.tsx',
          'routes/student-home.tsx',
        ],
      ],
    ]);
  });
});
