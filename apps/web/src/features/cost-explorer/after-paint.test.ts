import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterPaint } from './after-paint';

describe('useAfterPaint', () => {
  it('takes a new value in a task after the next frame, not in the render that brings it', async () => {
    const { result, rerender } = renderHook(({ value }) => useAfterPaint(value), {
      initialProps: { value: 'first answer' },
    });
    expect(result.current).toBe('first answer');
    rerender({ value: 'second answer' });
    // The render (and its commit) that brings the value still shows the old one: the frame is drawn with it.
    expect(result.current).toBe('first answer');
    await waitFor(() => expect(result.current).toBe('second answer'));
  });
});
