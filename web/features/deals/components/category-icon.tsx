/** A category's icon by the name it carries (`utensils`, `sparkles`, ...), the tag for a name the app does not draw. */
import {
  BookIcon,
  CompassIcon,
  DumbbellIcon,
  SparklesIcon,
  TagIcon,
  UtensilsIcon,
  type IconProps,
} from '../../../components/ui/icons';

const ICONS: Record<string, (p: IconProps) => React.ReactNode> = {
  utensils: UtensilsIcon,
  food: UtensilsIcon,
  sparkles: SparklesIcon,
  spa: SparklesIcon,
  dumbbell: DumbbellIcon,
  fitness: DumbbellIcon,
  compass: CompassIcon,
  activities: CompassIcon,
  book: BookIcon,
  classes: BookIcon,
  'graduation-cap': BookIcon,
};

export function CategoryIcon({ name, ...props }: IconProps & { name: string }) {
  const Drawn = ICONS[name] ?? TagIcon;
  return <Drawn {...props} />;
}
