import { useRef } from 'react';

/** The latest value in a ref (callbacks from the parent that effects call without re-running). */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
