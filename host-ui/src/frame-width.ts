// The device-width control in the top bar: the add-on's frame takes the whole main area (desktop), a
// tablet's or a phone's width, or a number of pixels, so its narrow layout is seen as the service
// would show it on that device. The choice is kept across reloads; `?width=` in the page's address
// (what openHostPage({ width }) uses) wins over it for that page.
import {
  DEVICE_WIDTHS,
  MAX_FRAME_WIDTH,
  MIN_FRAME_WIDTH,
  framePixels,
  parseFrameWidth,
  type FrameWidth,
} from '../../src/emulator/frame-width.js';
import { h } from './dom';

export { framePixels, type FrameWidth };

const STORAGE_KEY = 'addon-dev:frame-width';

/** The width to start with: the address's `?width=`, else the one chosen last, else desktop. */
export function initialFrameWidth(): FrameWidth {
  const asked = parseFrameWidth(new URLSearchParams(location.search).get('width'));
  if (asked !== null) return asked;
  try {
    return parseFrameWidth(localStorage.getItem(STORAGE_KEY)) ?? 'desktop';
  } catch {
    return 'desktop'; // storage refused (a locked-down profile)
  }
}

function remember(width: FrameWidth): void {
  try {
    localStorage.setItem(STORAGE_KEY, String(width));
  } catch {
    // Not kept across reloads, but applied.
  }
  // A width given in the address would win again at the next reload over the one chosen now.
  const url = new URL(location.href);
  if (url.searchParams.has('width')) {
    url.searchParams.delete('width');
    history.replaceState(history.state, '', url);
  }
}

export interface WidthControl {
  element: HTMLElement;
}

export function createWidthControl(initial: FrameWidth, onChange: (width: FrameWidth) => void): WidthControl {
  const presetOf = (width: FrameWidth): string =>
    typeof width !== 'number'
      ? width
      : width === DEVICE_WIDTHS.tablet
        ? 'tablet'
        : width === DEVICE_WIDTHS.phone
          ? 'phone'
          : 'custom';

  const select = h(
    'select',
    {
      id: 'frame-width',
      'data-testid': 'frame-width',
      title: 'The width of the add-on’s frame, as on that device',
    },
    h('option', { value: 'desktop' }, 'Desktop'),
    h('option', { value: 'tablet' }, `Tablet ${DEVICE_WIDTHS.tablet}`),
    h('option', { value: 'phone' }, `Phone ${DEVICE_WIDTHS.phone}`),
    h('option', { value: 'custom' }, 'Custom…'),
  );
  const custom = h('input', {
    type: 'number',
    id: 'frame-width-custom',
    'data-testid': 'frame-width-custom',
    min: MIN_FRAME_WIDTH,
    max: MAX_FRAME_WIDTH,
    step: 1,
    placeholder: 'px',
    'aria-label': `Add-on width in pixels (${MIN_FRAME_WIDTH} to ${MAX_FRAME_WIDTH})`,
  });

  const show = (width: FrameWidth) => {
    select.value = presetOf(width);
    custom.hidden = select.value !== 'custom';
    custom.value = select.value === 'custom' ? String(framePixels(width)) : '';
  };

  const choose = (width: FrameWidth) => {
    show(width);
    remember(width);
    onChange(width);
  };

  select.addEventListener('change', () => {
    if (select.value !== 'custom') return choose(select.value as FrameWidth);
    // The frame keeps its width until a number is entered.
    custom.hidden = false;
    custom.focus();
  });
  custom.addEventListener('change', () => {
    const width = parseFrameWidth(custom.value.trim());
    if (width === null) {
      custom.setCustomValidity(`A whole number of pixels from ${MIN_FRAME_WIDTH} to ${MAX_FRAME_WIDTH}`);
      custom.reportValidity();
      return;
    }
    custom.setCustomValidity('');
    choose(width);
  });

  show(initial);
  return {
    element: h(
      'div',
      { class: 'width-control' },
      h('label', { class: 'visually-hidden', for: 'frame-width' }, 'Add-on width'),
      select,
      custom,
    ),
  };
}
