import type { Dispatch } from 'react';
import { CategoryMenu } from './category-menu';
import { MainMenu } from './main-menu';
import type { MenuAction, MenuState } from './menu-state';

/**
 * The wide screen's menu bar: the category dropdown and the main menu. Hidden on a phone (the sidebar has them), and
 * on a wide screen links and buttons until used: its code (and the navigation it lists) is fetched then (decision 028).
 */
export default function BarMenus({ state, dispatch }: { state: MenuState; dispatch: Dispatch<MenuAction> }) {
  return (
    <>
      <CategoryMenu state={state} dispatch={dispatch} layout="bar" />
      <MainMenu state={state} dispatch={dispatch} layout="bar" />
    </>
  );
}
