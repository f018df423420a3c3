import './ProgressBar.css';

/**
 * A determinate progress bar, with its value for assistive technology (the navigation page's
 * stops done, the import's lookups). `className` places it in its parent's layout.
 */
export function ProgressBar({
  label,
  value,
  max,
  valueText,
  className,
}: {
  label: string;
  value: number;
  max: number;
  valueText: string;
  className?: string;
}) {
  const percent = max > 0 ? Math.round((Math.min(Math.max(value, 0), max) / max) * 100) : 0;
  return (
    <div
      className={className ? `progress-bar ${className}` : 'progress-bar'}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
    >
      <div className="progress-bar__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
