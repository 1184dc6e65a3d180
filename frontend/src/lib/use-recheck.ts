import { useEffect, useRef } from 'react';

/**
 * For a form kept in React state: once an attempt was made (`tried`), checks its `values` again each
 * time they change and hands the result to `onChecked`, so a field's message goes as soon as the value
 * is right (react-hook-form's re-validation after a submit). An answer for values changed since is ignored.
 */
export function useRecheck<Values, Checked>(
  tried: boolean,
  values: Values,
  check: (values: Values) => Promise<Checked>,
  onChecked: (checked: Checked) => void,
) {
  const latest = useRef({ values, check, onChecked });
  useEffect(() => {
    latest.current = { values, check, onChecked };
  });
  const key = JSON.stringify(values);
  useEffect(() => {
    if (!tried) return;
    let current = true;
    const { values: now, check: run, onChecked: done } = latest.current;
    run(now).then(
      (checked) => {
        if (current) done(checked);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [tried, key]);
}
