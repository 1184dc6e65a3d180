import { Component, Suspense, use, type ComponentType, type ReactNode } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { loadOnce, type LoadOnce } from '../../lib/load-once';
import { LiveOnceHydrated } from '../../lib/live-once-hydrated';

/** A part whose code failed to load, with a way to try again (and, given `onCancel`, to give up). */
export function PartFailed({ onRetry, onCancel }: { onRetry: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert">
      <Group gap="sm" justify="space-between">
        <Text fz="sm">{t('common.loadFailed')}</Text>
        <Group gap="xs">
          {onCancel ? (
            <Button size="xs" variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          ) : null}
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}

/**
 * A part of a screen whose code loads when it is first shown (`load`, src/lib/load-once.ts):
 * `fallback` while it loads; if it fails, the part says so with a button that tries again (PartFailed,
 * or `failed`'s own way), and the rest of the screen goes on working.
 *
 * Rendered by the server, a part is hydrated after the rest of its page (React hydrates each Suspense
 * boundary in a pass of its own): its controls stay disabled until then (lib/live-once-hydrated), so a
 * quick pick before it is live is not lost while the screen around it already answers.
 */
export class LoadedPart extends Component<
  {
    load: Pick<LoadOnce<unknown>, 'retry'>;
    fallback: ReactNode;
    failed?: (retry: () => void) => ReactNode;
    children: ReactNode;
  },
  { failed: boolean }
> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('[part]', error);
  }

  render() {
    if (this.state.failed) {
      const retry = () => {
        this.props.load.retry();
        this.setState({ failed: false });
      };
      return this.props.failed ? this.props.failed(retry) : <PartFailed onRetry={retry} />;
    }
    return (
      <Suspense fallback={this.props.fallback}>
        <LiveOnceHydrated>{this.props.children}</LiveOnceHydrated>
      </Suspense>
    );
  }
}

/**
 * A component whose code (`load`) comes when it is first rendered, inside a LoadedPart; its `load`
 * starts the code ahead (as a button to show it is about to be pressed) and retries a failed one.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  const loaded = loadOnce(() => load().then((Part) => (props: P) => <Part {...props} />));
  return Object.assign((props: P) => use(loaded())(props), { load: loaded });
}
