import { Component, Suspense, useMemo, type ErrorInfo, type ReactNode } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@shared/constants';
import { FullPageSpinner } from '@web/components/FullPageSpinner';
import { Button } from '@web/components/ui/Button';
import { useT } from '@web/i18n';
import { preloadable, type Preloadable } from '@web/lib/preloadable';
import { ModuleNotFound } from './ModuleNotFound';
import { screenLoader, type ScreenLoader } from './registry';

const lazyCache = new Map<string, Preloadable<object>>();

/** A chunk that has not arrived within the spec's 120 s fails as ChunkLoadError. */
function withTimeout(loader: ScreenLoader): ScreenLoader {
  return () =>
    new Promise((resolve, reject) => {
      const timer = window.setTimeout(() => {
        const error = new Error('Loading chunk timed out');
        error.name = 'ChunkLoadError';
        reject(error);
      }, CHUNK_LOAD_TIMEOUT_MS);
      loader().then(
        (module) => {
          window.clearTimeout(timer);
          resolve(module);
        },
        (cause: unknown) => {
          window.clearTimeout(timer);
          const error = new Error(cause instanceof Error ? cause.message : String(cause));
          error.name = 'ChunkLoadError';
          reject(error);
        },
      );
    });
}

function lazyScreen(component: string): Preloadable<object> | undefined {
  const cached = lazyCache.get(component);
  if (cached) return cached;
  const loader = screenLoader(component);
  if (!loader) return undefined;
  const screen = preloadable(withTimeout(loader), <FullPageSpinner />);
  lazyCache.set(component, screen);
  return screen;
}

/** Fetches a screen's chunk ahead (sign-in fetches the first page's beside the permissions). */
export function preloadScreen(component: string): Promise<void> {
  return lazyScreen(component)?.preload() ?? Promise.resolve();
}

/** Renders the screen a menu names, or MODULE_NOT_FOUND when the app has no such screen. */
export function ScreenHost({ component }: { component: string }) {
  const Screen = useMemo(() => lazyScreen(component)?.Component, [component]);
  if (!Screen) return <ModuleNotFound component={component} />;
  return (
    <ChunkErrorBoundary>
      {/* The screen's chunk draws its own spinner; this boundary waits for what the screen loads lazily. */}
      <Suspense fallback={<FullPageSpinner />}>
        <Screen />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

class ChunkErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  override render() {
    if (this.state.error) return <ChunkFailed name={this.state.error.name} />;
    return this.props.children;
  }
}

function ChunkFailed({ name }: { name: string }) {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center" role="alert">
      <div className="font-mono text-lg text-danger">{name === 'ChunkLoadError' ? 'ChunkLoadError' : name}</div>
      <div className="text-base font-medium">{t('module.chunkFailed')}</div>
      <div className="text-text-muted">{t('module.chunkFailedHint')}</div>
      <Button variant="primary" onClick={() => window.location.reload()}>
        {t('module.reload')}
      </Button>
    </div>
  );
}
