import { use } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import i18n from '../../lib/i18n';
import { loadOnce } from '../../lib/load-once';
import { LoadedPart } from './loaded-part';
import { LiveOnceHydrated } from '../../lib/live-once-hydrated';

/** A turn of the event loop, for loads to settle. */
const aTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A part whose code fails to load once (a dropped connection), then loads. */
function flakyPart() {
  let calls = 0;
  const load = vi.fn(() => {
    calls += 1;
    return calls === 1 ? Promise.reject(new Error('Failed to fetch dynamically imported module')) : Promise.resolve('The part');
  });
  const part = loadOnce(load);
  const Part = () => <p>{use(part())}</p>;
  return { load, part, Part };
}

describe('LoadedPart and loadOnce', () => {
  it('a part whose code fails to load says so with Try again, and the next try loads it; the rest of the screen stays', async () => {
    const { load, part, Part } = flakyPart();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // (In a test React renders again for a settled load inside act: act waits a turn for it.)
    await act(() => {
      render(
        <I18nextProvider i18n={i18n}>
          <MantineProvider>
            <h1>My Applications</h1>
            <LoadedPart load={part} fallback={<span>Loading the part</span>}>
              <Part />
            </LoadedPart>
          </MantineProvider>
        </I18nextProvider>,
      );
      return aTurn();
    });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('We could not load this.'));
    expect(screen.getByRole('heading', { name: 'My Applications' })).toBeTruthy();
    await act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      return aTurn();
    });
    expect(await screen.findByText('The part')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it('a load is shared while it runs and once done, says how it stands for use(), and a failed one is tried again only on retry', async () => {
    const { load, part } = flakyPart();
    const failed = part();
    await expect(failed).rejects.toThrow('Failed to fetch');
    // A failure stays (the part shows it) until Try again.
    expect(part()).toBe(failed);
    expect(failed.status).toBe('rejected');
    part.retry();
    const first = part();
    expect(part()).toBe(first);
    expect(first.status).toBe('pending');
    await expect(first).resolves.toBe('The part');
    expect(first.status).toBe('fulfilled');
    expect(part()).toBe(first);
    part.retry();
    expect(part()).toBe(first);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('rendered by the server, a part keeps its controls disabled until it is hydrated, after the screen around it; then they answer', async () => {
    const picked = vi.fn();
    // The part's code: there when the server renders, still on its way when the browser hydrates.
    let arrived: (() => void) | undefined;
    let code: PromiseLike<void> = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });
    function Part() {
      use(code);
      return (
        <select aria-label="Move to" defaultValue="" onChange={picked}>
          <option value="">Choose</option>
          <option value="rejected">Not selected</option>
        </select>
      );
    }
    const page = (
      <MantineProvider>
        <LiveOnceHydrated>
          <button type="button">Back</button>
          <LoadedPart load={loadOnce(() => Promise.resolve())} fallback={<span>Loading the part</span>}>
            <Part />
          </LoadedPart>
        </LiveOnceHydrated>
      </MantineProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    const select = container.querySelector('select');
    // Before any code runs: shown, but not to be used (a pick would be lost).
    expect(select?.closest('fieldset')?.disabled).toBe(true);
    code = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const root = await act(() => hydrateRoot(container, page));
    // The screen around it answers; the part, not hydrated yet, still does not.
    expect(screen.getByRole('button', { name: 'Back' }).closest('fieldset')?.disabled).toBe(false);
    expect(select?.closest('fieldset')?.disabled).toBe(true);
    await act(() => {
      arrived?.();
      return aTurn();
    });
    expect(select?.closest('fieldset')?.disabled).toBe(false);
    expect(container.querySelector('select')).toBe(select);
    fireEvent.change(select as HTMLSelectElement, { target: { value: 'rejected' } });
    expect(picked).toHaveBeenCalledTimes(1);
    act(() => {
      root.unmount();
    });
    container.remove();
  });
});
