import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, test } from "vitest";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { Menu, MenuAction, MenuLink, MenuSeparator } from "./menu.tsx";

function Example() {
  const [chosen, setChosen] = useState("nothing");
  return (
    <>
      <Menu trigger="Account">
        <MenuLink to="/profile">Profile</MenuLink>
        <MenuLink to="/settings">Settings</MenuLink>
        <MenuSeparator />
        <MenuAction onSelect={() => setChosen("sign out")}>Sign Out</MenuAction>
      </Menu>
      <button type="button">Elsewhere</button>
      <p>Chosen: {chosen}</p>
    </>
  );
}

function renderMenu() {
  fakeApi({});
  const rendered = renderWithApp(<Example />);
  const trigger = screen.getByRole("button", { name: "Account" });
  return { ...rendered, trigger };
}

describe("the menu button", () => {
  test("is closed at first and names its state and popup to assistive technology", () => {
    const { trigger } = renderMenu();
    expect(screen.queryByRole("menu")).toBeNull();
    expect(trigger).toHaveAttribute("aria-haspopup", "menu");
    expect(trigger).toHaveAttribute("aria-expanded", "false");
  });

  test("opens with ArrowUp on its last entry; Home, End and the arrows move and wrap", async () => {
    const { user, trigger } = renderMenu();
    trigger.focus();
    await user.keyboard("{ArrowUp}");
    const menu = await screen.findByRole("menu", { name: "Account" });
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["Profile", "Settings", "Sign Out"]);
    expect(trigger).toHaveAttribute("aria-expanded", "true");
    await waitFor(() => expect(items[2]).toHaveFocus());
    await user.keyboard("{ArrowDown}");
    expect(items[0]).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(items[2]).toHaveFocus();
    await user.keyboard("{Home}");
    expect(items[0]).toHaveFocus();
    await user.keyboard("{End}");
    expect(items[2]).toHaveFocus();
  });

  test("chooses an entry with Space, and closes", async () => {
    const { user, trigger } = renderMenu();
    trigger.focus();
    await user.keyboard("{ArrowUp}");
    await waitFor(() => expect(screen.getByRole("menuitem", { name: "Sign Out" })).toHaveFocus());
    await user.keyboard(" ");
    expect(screen.getByText("Chosen: sign out")).toBeVisible();
    expect(screen.queryByRole("menu")).toBeNull();
  });

  test("closes on Escape and gives focus back to its trigger, wherever focus was", async () => {
    const { user, trigger } = renderMenu();
    trigger.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.getByRole("menuitem", { name: "Profile" })).toHaveFocus());
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(trigger).toHaveFocus();

    // The focused entry went away (focus fell back to the page's body): Escape still closes the menu.
    await user.keyboard("{Enter}");
    await screen.findByRole("menu");
    (document.activeElement as HTMLElement).blur();
    expect(document.body).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(trigger).toHaveFocus();
  });

  test("closes on a click outside it and on Tab, and a second click on the trigger closes it", async () => {
    const { user, trigger } = renderMenu();
    await user.click(trigger);
    expect(await screen.findByRole("menu")).toBeVisible();
    await user.click(screen.getByText(/^Chosen:/));
    expect(screen.queryByRole("menu")).toBeNull();

    await user.click(trigger);
    await screen.findByRole("menu");
    await user.keyboard("{Tab}");
    expect(screen.queryByRole("menu")).toBeNull();

    await user.click(trigger);
    await screen.findByRole("menu");
    await user.click(trigger);
    expect(screen.queryByRole("menu")).toBeNull();
    expect(trigger).toHaveAttribute("aria-expanded", "false");
  });
});
