#include "yaml.h"
