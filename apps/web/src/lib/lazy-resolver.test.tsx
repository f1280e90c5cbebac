import { zodResolver } from "@hookform/resolvers/zod";
import { screen } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { Field } from "../components/ui/field.tsx";
import { Input } from "../components/ui/input.tsx";
import { activate, loadLanguage } from "../i18n/i18n.tsx";
import { renderWithApp } from "../testing/render.tsx";
import { lazyResolver } from "./lazy-resolver.ts";

/** A rule with no message of its own, as some of core's limits are: zod words the refusal. */
const Nickname = z.object({ nickname: z.string().min(8) });
type Nickname = z.infer<typeof Nickname>;

const nicknameResolver = lazyResolver<Nickname, unknown, Nickname>(async () => zodResolver(Nickname));

function NicknameForm() {
  const form = useForm<Nickname>({ resolver: nicknameResolver, defaultValues: { nickname: "" } });
  return (
    <form onSubmit={form.handleSubmit(() => undefined)} noValidate>
      <Field id="nickname" label="Nickname" error={form.formState.errors.nickname?.message}>
        <Input id="nickname" {...form.register("nickname")} />
      </Field>
      <button type="submit">Save</button>
    </form>
  );
}

describe("zod's own messages under a form's field (issue 29)", () => {
  afterEach(() => activate("en", "UTC"));

  test("shows zod's own refusal in German to a German reader", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    const { user } = renderWithApp(<NicknameForm />);

    await user.type(screen.getByLabelText("Nickname"), "abc");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Zu klein: erwartet, dass string >=8 Zeichen hat")).toBeVisible();
  });
});
