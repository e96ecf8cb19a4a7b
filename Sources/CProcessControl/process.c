// Process control for the batch's workers.
#include "lv_process.h"

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

int lv_end_with_parent(int parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
    // The parent may have gone before the request was made.
    return getppid() == parent ? 0 : -1;
}
