// A ref that always holds the value of the latest render, for callbacks that must read current values
// without being recreated when they change.
import { useRef, type RefObject } from 'react';

export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
