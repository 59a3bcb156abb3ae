/** What a screen that fails to render shows instead of a blank page. */
import { Component, type ReactNode } from 'react';
import { StatePanel } from '../components/ui/panel';
import { buttonClasses } from '../components/ui/button';
import { isChunkLoadError, reloadForNewCode, reloadPage } from '../lib/chunk-reload';
import { translate } from '../i18n';
import { PageFallback } from './page-fallback';

/** A plain panel with a Reload button; announced as an alert. */
export function PageErrorPanel() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <StatePanel
        state="error"
        role="alert"
        size="xl"
        heading="h1"
        title={translate('common:pageError.title')}
        message={translate('common:pageError.message')}
      >
        <button type="button" className={buttonClasses('primary', 'md')} onClick={reloadPage}>
          {translate('common:pageError.reload')}
        </button>
      </StatePanel>
    </div>
  );
}

interface PageErrorBoundaryProps {
  children: ReactNode;
  /** A change of this value (the location) clears the failure, so the reader can go on to other screens. */
  resetKey?: unknown;
}

interface PageErrorBoundaryState {
  failed: boolean;
  /** The failure was code missing after a deploy and the page is reloading to fetch the new version. */
  reloading: boolean;
  resetKey: unknown;
}

export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { failed: false, reloading: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<PageErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: PageErrorBoundaryProps, state: PageErrorBoundaryState): Partial<PageErrorBoundaryState> | null {
    if (Object.is(props.resetKey, state.resetKey)) return null;
    return { failed: false, reloading: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    // A screen's code that cannot be loaded is most often gone after a deploy: load the new version once. The state
    // change lands before the browser paints, so the panel does not flash up first.
    if (isChunkLoadError(error) && reloadForNewCode()) this.setState({ reloading: true });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.state.reloading ? <PageFallback /> : <PageErrorPanel />;
  }
}
