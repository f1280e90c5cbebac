import { ArrowRightIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Button } from "./ui/button.tsx";

/** A quiet link from a summary to the page that shows all of it ("See all →"). */
export function SeeAllLink(props: { to: string; children: React.ReactNode }) {
  return (
    <Button asChild variant="ghost" size="sm">
      <Link to={props.to}>
        {props.children} <ArrowRightIcon />
      </Link>
    </Button>
  );
}
