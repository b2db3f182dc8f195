import type { Decider } from '../shared/decider';
import type { UserCommand } from './commands';
import {
  changeEmail,
  changePassword,
  confirmEmail,
  connectGoogle,
  disconnectProvider,
  registerGoogleUser,
  registerUser,
  requestEmailChange,
  setPassword,
} from './decide-account';
import { changePlan, disableUser, enableUser, setRoles } from './decide-admin';
import type { UserEvent } from './events';
import { evolve, initialState, type UserState } from './state';

/** Pure: the same command on the same state gives the same events; [] means "already so". */
export const decide = (command: UserCommand, state: UserState): UserEvent[] => {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command, state);
    case 'RegisterGoogleUser':
      return registerGoogleUser(command, state);
    case 'ConfirmEmail':
      return confirmEmail(command, state);
    case 'RequestEmailChange':
      return requestEmailChange(command, state);
    case 'ChangeEmail':
      return changeEmail(command, state);
    case 'SetPassword':
      return setPassword(command, state);
    case 'ChangePassword':
      return changePassword(command, state);
    case 'ConnectGoogle':
      return connectGoogle(command, state);
    case 'DisconnectProvider':
      return disconnectProvider(command, state);
    case 'ChangePlan':
      return changePlan(command, state);
    case 'SetRoles':
      return setRoles(command, state);
    case 'DisableUser':
      return disableUser(command, state);
    case 'EnableUser':
      return enableUser(command, state);
    default: {
      const _notExistingCommandType: never = command;
      throw new Error(`Unknown user command: ${JSON.stringify(_notExistingCommandType)}`);
    }
  }
};

export const userDecider: Decider<UserState, UserCommand, UserEvent> = { decide, evolve, initialState };
