import type { User } from '@bidboard/shared';
import type { SaveStep } from '../step-form';

export interface StepProps {
  user: User;
  save: SaveStep;
}
