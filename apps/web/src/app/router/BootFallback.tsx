/** Shown while the first navigation's guard runs (same spinner as index.html, so no flash). */
export function BootFallback() {
  return (
    <div className="boot-splash" role="progressbar" aria-busy="true">
      <i />
    </div>
  );
}
