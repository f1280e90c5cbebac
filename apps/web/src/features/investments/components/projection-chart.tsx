import { t } from "../../../i18n/i18n.tsx";
import { formatUsdMinor } from "../../../lib/format-usd.ts";

/** One bar of the chart: how far ahead, and the return projected by then. */
export interface ProjectionPoint {
  readonly label: string;
  readonly returnMinor: bigint;
}

/** Bar heights in the SVG's own units; the plot stretches to the card's width. */
const PLOT_HEIGHT = 100;
const BAR_WIDTH = 60;
const SLOT_WIDTH = 100;

/** The bar's height as a share of the tallest, in plot units (bigint division keeps it exact enough for pixels). */
function heightOf(valueMinor: bigint, maxMinor: bigint): number {
  if (maxMinor <= 0n) {
    return 0;
  }
  return Number((valueMinor * 1000n) / maxMinor) / (1000 / PLOT_HEIGHT);
}

/** The largest of some amounts (Math.max takes no bigint); 0 for none. */
function largestOf(amountsMinor: readonly bigint[]): bigint {
  let largest = 0n;
  for (const amountMinor of amountsMinor) {
    if (amountMinor > largest) {
      largest = amountMinor;
    }
  }
  return largest;
}

/** The chart's figures as a table, for assistive technology in place of the drawing. */
function ProjectionTable({ points }: { points: readonly ProjectionPoint[] }) {
  return (
    <table className="sr-only">
      <thead>
        <tr>
          <th scope="col">{t("Period")}</th>
          <th scope="col">{t("Projected return")}</th>
        </tr>
      </thead>
      <tbody>
        {points.map((point) => (
          <tr key={point.label}>
            <th scope="row">{point.label}</th>
            <td>{formatUsdMinor(point.returnMinor)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The projected returns as a bar chart: bars drawn in SVG, their figures and labels as text beside
 * them. The drawing is hidden from assistive technology; a table of the same figures stands in for it.
 */
export function ProjectionChart(props: { caption: string; points: readonly ProjectionPoint[] }) {
  const maxMinor = largestOf(props.points.map((point) => point.returnMinor));
  const columns = { gridTemplateColumns: `repeat(${props.points.length}, minmax(0, 1fr))` };
  return (
    <figure className="grid gap-3" data-testid="projection-chart">
      <figcaption className="text-sm text-muted-foreground">{props.caption}</figcaption>
      <div aria-hidden="true" className="grid gap-1">
        <div className="grid gap-1 text-center text-[11px] font-medium tabular-nums sm:text-xs" style={columns}>
          {props.points.map((point) => (
            <span key={point.label} className="truncate">
              {formatUsdMinor(point.returnMinor)}
            </span>
          ))}
        </div>
        <svg
          className="h-40 w-full"
          viewBox={`0 0 ${SLOT_WIDTH * props.points.length} ${PLOT_HEIGHT}`}
          preserveAspectRatio="none"
          focusable="false"
          aria-hidden="true"
        >
          <line
            x1="0"
            x2={SLOT_WIDTH * props.points.length}
            y1={PLOT_HEIGHT}
            y2={PLOT_HEIGHT}
            className="stroke-border"
            strokeWidth="2"
            vectorEffect="non-scaling-stroke"
          />
          {props.points.map((point, index) => {
            const height = heightOf(point.returnMinor, maxMinor);
            return (
              <rect
                key={point.label}
                x={index * SLOT_WIDTH + (SLOT_WIDTH - BAR_WIDTH) / 2}
                y={PLOT_HEIGHT - height}
                width={BAR_WIDTH}
                height={height}
                rx="3"
                className="fill-primary"
                fillOpacity={0.45 + (0.55 * (index + 1)) / props.points.length}
              />
            );
          })}
        </svg>
        <div className="grid gap-1 text-center text-xs text-muted-foreground" style={columns}>
          {props.points.map((point) => (
            <span key={point.label}>{point.label}</span>
          ))}
        </div>
      </div>
      <ProjectionTable points={props.points} />
    </figure>
  );
}
