import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useFocusOnChange } from './use-focus-on-change';

function Step({ step, onMount = false }: { step: string | null; onMount?: boolean }) {
  const heading = useFocusOnChange(step, onMount);
  return (
    <>
      <button type="button">before</button>
      {step ? (
        <h2 ref={heading} tabIndex={-1}>
          {step}
        </h2>
      ) : null}
    </>
  );
}

describe('useFocusOnChange', () => {
  it('leaves the first step alone, then moves focus to each new step', () => {
    const { rerender } = render(<Step step="one" />);
    screen.getByRole('button').focus();
    rerender(<Step step="one" />);
    expect(document.activeElement).toBe(screen.getByRole('button'));
    rerender(<Step step="two" />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'two' }));
  });

  it('with onMount, moves focus once the view has its key (loaded)', () => {
    const { rerender } = render(<Step step={null} onMount />);
    expect(document.activeElement).toBe(document.body);
    rerender(<Step step="project" onMount />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'project' }));
  });
});
