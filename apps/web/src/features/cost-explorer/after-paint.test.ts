import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAfterPaint } from './after-paint';

describe('useAfterPaint', () => {
  let frames: FrameRequestCallback[] = [];
  const paintFrame = () => {
    const due = frames;
    frames = [];
    for (const callback of due) callback(performance.now());
  };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    frames = [];
  });

  it('takes a new value in a task after the next frame, not in the render that brings it', () => {
    const { result, rerender } = renderHook(({ value }) => useAfterPaint(value), {
      initialProps: { value: 'first answer' },
    });
    expect(result.current).toBe('first answer');
    rerender({ value: 'second answer' });
    expect(result.current).toBe('first answer');
    act(() => paintFrame());
    // The frame is drawn with the old value; the new one comes in the task queued from it.
    expect(result.current).toBe('first answer');
    act(() => vi.runAllTimers());
    expect(result.current).toBe('second answer');
  });
});
