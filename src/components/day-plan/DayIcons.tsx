/**
 * Line icons of the working day, drawn as SVG (emoji show as empty boxes where the system has no
 * emoji font), always beside words that say the same: hidden from screen readers. The one set
 * for every page that shows a day's times: the planner, the shared and navigation pages.
 */
import './DayIcons.css';

const iconProps = {
  width: 14,
  height: 14,
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
  className: 'day-icon',
};

export const ClockIcon = () => (
  <svg {...iconProps}>
    <circle cx="8" cy="8" r="6.5" />
    <path d="M8 4.5V8l2.5 1.5" />
  </svg>
);

export const WarningIcon = () => (
  <svg {...iconProps}>
    <path d="M8 1.8 15 14H1z" />
    <path d="M8 6.5v3.2M8 11.8v.1" />
  </svg>
);

/** A pin: a stop kept first or last. */
export const PinIcon = () => (
  <svg {...iconProps}>
    <path d="M5.5 1.5h5M6.5 1.5v4.5L4 9h8L9.5 6V1.5M8 9v5.5" />
  </svg>
);
