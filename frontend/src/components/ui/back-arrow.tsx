/** The arrow of a "back" button: points left, and right in a right-to-left page (app/global.css). */
export function BackArrow() {
  return (
    <span className="mashrou-back-arrow" aria-hidden="true">
      ←
    </span>
  );
}
