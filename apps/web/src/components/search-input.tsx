import { SearchIcon } from "lucide-react";
import { cn } from "../lib/cn.ts";
import { Input } from "./ui/input.tsx";

/** A list's search box: a search field with a magnifier inside, named by `label` for screen readers. */
export function SearchInput(props: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={cn("relative", props.className)}>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        placeholder={props.placeholder}
        aria-label={props.label}
        className="pl-9"
      />
    </div>
  );
}
