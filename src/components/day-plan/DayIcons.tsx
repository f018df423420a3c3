/**
 * Line icons of the working day, drawn as SVG (emoji show as empty boxes where the system has no
 * emoji font), always beside words that say the same: hidden from screen readers. The pages that
 * show a saved route's times use these; the planner has its own set.
 */
import './DayTimes.css';

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
  className: 'day-times-icon',
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
