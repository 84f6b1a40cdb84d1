// Every React island renders inside this boundary (docs/product.md#rules-that-hold-everywhere): a render crash shows the
// 'Page not found' screen in the island's place, never a blank area, and the error goes to the
// console for whoever investigates. Islands are separate React roots, so each needs its own.
import { Component, useEffect, useRef, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { ISLAND_READY } from '../island-ready.ts';

interface BoundaryProps {
  /** The island's name, for the console report. */
  name: string;
  children: ReactNode;
}

interface BoundaryState {
  crashed: boolean;
}

class IslandBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { crashed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`The ${this.props.name} island crashed while rendering.`, error, info.componentStack);
  }

  override render() {
    return this.state.crashed ? <PageNotFound /> : this.props.children;
  }
}

/** The 404 screen of docs/product.md#rules-that-hold-everywhere, drawn where the island was. */
function PageNotFound() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The control that had focus is gone with the crashed island: give keyboard users a place to stand.
    if (document.activeElement === document.body) heading.current?.focus();
  }, []);
  return (
    <section className="island-crash" style={{ textAlign: 'center', paddingBlock: '3rem' }}>
      <h2 ref={heading} tabIndex={-1}>
        Page not found
      </h2>
      <p>Something on this page failed to load. Try reloading it, or go back to the home page.</p>
      <a className="btn" href="/">
        Back to Home
      </a>
    </section>
  );
}

/** Wraps an island component in its boundary: `export default withBoundary(ContactForm)`. */
export function withBoundary<P extends object>(Island: ComponentType<P>, name = Island.displayName ?? Island.name) {
  function Bounded(props: P) {
    // A parent's effects run after its children's: by now the island's own have run too.
    useEffect(() => {
      document.dispatchEvent(new CustomEvent(ISLAND_READY, { detail: name }));
    }, []);
    return (
      <IslandBoundary name={name}>
        <Island {...props} />
      </IslandBoundary>
    );
  }
  Bounded.displayName = `withBoundary(${name})`;
  return Bounded;
}
