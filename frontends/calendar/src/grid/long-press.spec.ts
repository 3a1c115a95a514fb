import { beyondSlop, createLongPress, LONG_PRESS_MS, startsAtOnce, TOUCH_SLOP_PX } from './long-press';

describe('long press on the time grid (touch)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('a mouse or a pen drags at once; a finger waits for the long press', () => {
    expect(startsAtOnce('mouse')).toBe(true);
    expect(startsAtOnce('pen')).toBe(true);
    expect(startsAtOnce(undefined)).toBe(true);
    expect(startsAtOnce('touch')).toBe(false);
  });

  it('a finger held still arms the drag after the delay, not before', () => {
    const press = createLongPress();
    const onArm = jest.fn();
    press.down({ x: 100, y: 200 }, { onArm });
    jest.advanceTimersByTime(LONG_PRESS_MS - 1);
    expect(onArm).not.toHaveBeenCalled();
    expect(press.state()).toBe('pending');
    jest.advanceTimersByTime(1);
    expect(onArm).toHaveBeenCalledTimes(1);
    expect(press.state()).toBe('armed');
    // once armed, moving is dragging: the gesture stays the grid's
    expect(press.move({ x: 100, y: 400 })).toBe('armed');
    expect(press.up()).toBe('armed');
    expect(press.state()).toBe('idle');
  });

  it('a finger that swipes before the delay scrolls the page and never arms', () => {
    const press = createLongPress();
    const onArm = jest.fn();
    const onTap = jest.fn();
    press.down({ x: 100, y: 200 }, { onArm, onTap });
    expect(press.move({ x: 103, y: 205 })).toBe('pending'); // a trembling finger is still a press
    expect(press.move({ x: 100, y: 200 + TOUCH_SLOP_PX + 1 })).toBe('scroll');
    jest.advanceTimersByTime(LONG_PRESS_MS * 2);
    expect(onArm).not.toHaveBeenCalled();
    expect(press.up()).toBe('idle');
    expect(onTap).not.toHaveBeenCalled();
  });

  it('a quick touch is a tap (a card opens) and never arms', () => {
    const press = createLongPress();
    const onArm = jest.fn();
    const onTap = jest.fn();
    press.down({ x: 10, y: 10 }, { onArm, onTap });
    jest.advanceTimersByTime(120);
    expect(press.up()).toBe('tap');
    expect(onTap).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(LONG_PRESS_MS);
    expect(onArm).not.toHaveBeenCalled();
  });

  it('a cancelled pointer (the browser took the gesture) forgets the press', () => {
    const press = createLongPress();
    const onArm = jest.fn();
    press.down({ x: 10, y: 10 }, { onArm });
    press.cancel();
    jest.advanceTimersByTime(LONG_PRESS_MS);
    expect(onArm).not.toHaveBeenCalled();
    expect(press.state()).toBe('idle');
  });

  it('a new press replaces a pending one', () => {
    const press = createLongPress();
    const first = jest.fn();
    const second = jest.fn();
    press.down({ x: 0, y: 0 }, { onArm: first });
    jest.advanceTimersByTime(200);
    press.down({ x: 50, y: 50 }, { onArm: second });
    jest.advanceTimersByTime(LONG_PRESS_MS);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('measures the slop as a distance in any direction', () => {
    expect(beyondSlop({ x: 0, y: 0 }, { x: 6, y: 8 })).toBe(false); // 10 px
    expect(beyondSlop({ x: 0, y: 0 }, { x: 7, y: 8 })).toBe(true);
    expect(beyondSlop({ x: 0, y: 0 }, { x: -11, y: 0 })).toBe(true);
  });
});
